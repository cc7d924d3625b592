import { describe, expect, it } from 'vitest';
import {
  crmCallInputSchema,
  crmCallUpdateSchema,
  crmPhoneMessages,
  isLiveCallStatus,
  logErrorInputSchema,
  transferInputSchema,
} from './crm-phone.ts';

describe('crm-phone contracts', () => {
  it('takes spec 7.7 call bodies: pending outgoing by default, empty strings as null', () => {
    const parsed = crmCallInputSchema.parse({
      lead_id: '12',
      call_number: '(512) 555-0123',
      call_number_clean: '5125550123',
      dial_number: '+15125550123',
      agent_number: '',
      voicemail_id: '',
      callback_number: null,
    });
    expect(parsed).toMatchObject({ lead_id: 12, status: 'pending', direction: 'outgoing', agent_number: null });
    expect(parsed.voicemail_id).toBeNull();
    expect(crmCallInputSchema.safeParse({ status: 'completed' }).success).toBe(false);
  });

  it('lets PUT end a call but never revive one', () => {
    expect(crmCallUpdateSchema.parse({ status: 'ignored' })).toEqual({ status: 'ignored' });
    expect(crmCallUpdateSchema.safeParse({ status: 'active' }).success).toBe(false);
    expect(isLiveCallStatus('ringing')).toBe(true);
    expect(isLiveCallStatus('voicemail')).toBe(false);
  });

  it('transfers to a number or a SIP URI only', () => {
    expect(
      transferInputSchema.safeParse({ call_control_id: 'v3:a', to: '+1 512 555 0124', from: '5125550100' }).success,
    ).toBe(true);
    expect(
      transferInputSchema.safeParse({ call_control_id: 'v3:a', to: 'sip:bob@sip.telnyx.com', from: '+15125550100' })
        .success,
    ).toBe(true);
    const bad = transferInputSchema.safeParse({ call_control_id: 'v3:a', to: 'javascript:alert(1)', from: '1' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.find((issue) => issue.path[0] === 'to')?.message).toBe(crmPhoneMessages.numberInvalid);
  });

  it('logs an error object as text', () => {
    expect(logErrorInputSchema.parse({ error: { code: -32001 }, status: 1 }).error).toBe('{"code":-32001}');
  });
});
