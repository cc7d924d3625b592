import { Anchor, Text } from '@mantine/core';
import { formatPhoneNumber } from '@switchboard/shared/phone';
import { usePermissions } from '../../../lib/auth-store.ts';
import { placeCall } from '../../softphone/place-call.ts';

/**
 * A lead's number: with 'phone access' a click opens the softphone and dials it (designs/crm-softphone.md §4.1);
 * without it the number is plain text, never a control that does nothing.
 */
export function PhoneLink({
  number,
  leadId,
  companyName,
  size = 'sm',
}: {
  number: string | null;
  leadId: number | null;
  companyName?: string | null;
  size?: 'xs' | 'sm' | 'md';
}) {
  const mayCall = usePermissions().includes('phone access');
  if (!number) return null;
  const shown = formatPhoneNumber(number) || number;
  if (!mayCall) {
    return (
      <Text span size={size} style={{ whiteSpace: 'nowrap' }}>
        {shown}
      </Text>
    );
  }
  return (
    <Anchor
      component="button"
      type="button"
      size={size}
      style={{ whiteSpace: 'nowrap' }}
      aria-label={`Call ${shown}`}
      onClick={(event) => {
        event.stopPropagation();
        placeCall({ number, leadId, companyName: companyName ?? null });
      }}
    >
      {shown}
    </Anchor>
  );
}
