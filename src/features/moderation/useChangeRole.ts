// A role change from the panel goes through the outbox like the members directory's (setRole): the database decides
// and writes its audit row. A member who signed up since this device last pulled is pulled first.
import { useCallback } from 'react';
import { toast } from '../../state/toast.ts';
import { AppError } from '../../backend/errors.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import type { Role } from '../../data/types.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { useMirrorActions } from '../../state/mutations/mirror.ts';
import { useRoleActions } from '../../state/mutations/roles.ts';

/** Answers whether the server took the change. */
export function useChangeRole() {
  const { setRole } = useRoleActions();
  const { pull } = useMirrorActions();
  return useCallback(
    async (memberId: string, role: Role): Promise<boolean> => {
      try {
        // Null: the device does not hold the member yet, or already shows that role; a pull settles both.
        let queued = await setRole(memberId, role);
        if (!queued) {
          await pull();
          queued = await setRole(memberId, role);
        }
        if (!queued) throw new AppError('refused', 'This member is not on this device yet');
        if ((await queued.outcome) !== 'sent') throw new AppError('refused', 'The server refused the role change');
        toast.success('User role updated successfully');
        return true;
      } catch (error) {
        reportError(error, FAILURES.setRole);
        return false;
      }
    },
    [setRole, pull],
  );
}
