export { failedText, failuresForThread } from '../../sync/failedForThread.ts';
