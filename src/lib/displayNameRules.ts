// The database's display-name rules (20261129000700_display_name_rules.sql), in its words: the form checks them
// (validation.ts) and the outbox reads a refusal by them (sync/kinds/updateProfile.ts), which needs no zod.

export const DISPLAY_NAME_MAX = 50;
export const DISPLAY_NAME_TOO_LONG = 'Display name must be at most 50 characters';
export const DISPLAY_NAME_DIRECTION = 'Display name cannot contain text-direction control characters';
/** Bidirectional overrides and isolates: they turn the text after them around, so a name could pass for another. */
export const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
