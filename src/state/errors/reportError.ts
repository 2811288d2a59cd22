// The one place a failure is shown and logged: the spec's text as a toast, and a log line only for what a developer
// must look at. A failure to reach the server is the member's situation, not a bug, so it is never logged.
import { AppError, toAppError, type FailureTexts } from '../../backend/errors.ts';
import { toast } from '../toast.ts';

interface ReportOutlets {
  show(text: string): void;
  log: Pick<Console, 'error' | 'warn'>;
}

/** For an error that reaches a screen with no action of its own to name. */
const SOMETHING_FAILED: FailureTexts = { failed: 'Something went wrong. Please try again.' };

/** The error first thrown, whose stack says where the bug is, under the AppErrors that mapped it for showing. */
function original(failure: AppError): unknown {
  let error: unknown = failure;
  while (error instanceof AppError && error.cause !== undefined) error = error.cause;
  return error;
}

export function createErrorReporter({ show, log }: ReportOutlets) {
  /** A bug with its stack, once; the rest is not the code's fault. */
  const logBug = (failure: AppError, label: string) => {
    if (failure.kind === 'bug') log.error(label, original(failure));
  };

  return {
    /**
     * Shows a failure as a toast and answers what it showed, for a form that also shows it inline. With the
     * action's texts, any error is mapped to them (SPEC §8); without, an AppError shows its own message.
     */
    reportError(error: unknown, texts?: FailureTexts): AppError {
      const failure = texts || !(error instanceof AppError) ? toAppError(error, texts ?? SOMETHING_FAILED) : error;
      logBug(failure, failure.message);
      show(failure.message);
      return failure;
    },

    /** For a failure the screen shows in its own way (a page, a state): logs it unless it is the network. */
    logError(error: unknown, label: string): AppError {
      const failure = error instanceof AppError ? error : toAppError(error, SOMETHING_FAILED);
      logBug(failure, label);
      if (failure.kind !== 'bug' && failure.kind !== 'network') log.warn(label, failure.message);
      return failure;
    },
  };
}

export const { reportError, logError } = createErrorReporter({ show: (text) => toast.error(text), log: console });
