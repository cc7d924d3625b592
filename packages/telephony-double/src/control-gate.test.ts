// The control API's gate (CRM design §3.4): a configured control token is the only key; without one, the host's
// check decides (the app's demo: a session holding 'manage crm'), 401 for no valid caller, 403 for one without the
// right; with neither, control is off (404).
import { afterEach, describe, expect, it } from 'vitest';
import type { TelephonyDoubleOptions } from './double.ts';
import { startHarness, type Harness } from './testing/harness.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const controlAuth: TelephonyDoubleOptions['controlAuth'] = async (token) =>
  token === 'manager-session' ? 'allowed' : token === 'agent-session' ? 'forbidden' : 'unauthenticated';

async function legs(token: string | null): Promise<{ status: number; code?: string }> {
  const response = await fetch(`${h!.url}/_telephony/control/legs`, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { errors?: { code: string }[] };
  return { status: response.status, code: body.errors?.[0]?.code };
}

describe('control gate', () => {
  it("without a control token, takes the host's verdict: allowed 200, forbidden 403, anyone else 401", async () => {
    h = await startHarness({ controlToken: undefined, controlAuth });
    expect(await legs('manager-session')).toEqual({ status: 200, code: undefined });
    expect(await legs('agent-session')).toEqual({ status: 403, code: '10010' });
    expect(await legs('nobody')).toEqual({ status: 401, code: '10009' });
    expect(await legs(null)).toEqual({ status: 401, code: '10009' });
    expect(await legs('')).toEqual({ status: 401, code: '10009' });
  });

  it("with a control token, only the token opens it: the host's check is not asked", async () => {
    let asked = 0;
    h = await startHarness({
      controlToken: 'control-test',
      controlAuth: async (token) => {
        asked += 1;
        return controlAuth!(token);
      },
    });
    expect((await legs('control-test')).status).toBe(200);
    expect(await legs('manager-session')).toEqual({ status: 401, code: '10009' });
    expect(await legs(null)).toEqual({ status: 401, code: '10009' });
    expect(asked).toBe(0);
  });

  it('a failing host check is a 401, never a 500', async () => {
    h = await startHarness({ controlToken: undefined, controlAuth: async () => Promise.reject(new Error('db down')) });
    expect(await legs('manager-session')).toEqual({ status: 401, code: '10009' });
  });

  it('with neither a token nor a host check, control is off (404)', async () => {
    h = await startHarness({ controlToken: undefined });
    expect(await legs('control-test')).toEqual({ status: 404, code: '10005' });
  });
});
