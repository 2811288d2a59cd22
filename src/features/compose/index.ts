// What other features may use of Create Thread: its category picker and the new-thread rules (SPEC §5).
export { CategorySelect } from './CategorySelect.tsx';
export { threadSchema } from './threadSchema.ts';
