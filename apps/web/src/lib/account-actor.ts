import type { AccountActor } from '@switchboard/shared';
import { useMemo } from 'react';
import { useCurrentUser, usePermissions } from './auth-store.ts';
import { useShadowState } from './shadow.ts';

/** The signed-in user as the account policy sees them (decision 0025); null until the session has loaded. */
export function useAccountActor(): AccountActor | null {
  const user = useCurrentUser();
  const permissions = usePermissions();
  const shadowing = useShadowState((state) => state.shadowing);
  return useMemo(
    () => (user ? { id: user.id, type: user.type, role: user.role, permissions, shadowing } : null),
    [user, permissions, shadowing],
  );
}
