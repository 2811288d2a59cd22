// SPEC §5 "New thread": the form's rules and messages, shared by the form and its tests.
import { z } from 'zod';
import { CONTENT_TOO_LONG, isTooLong } from '../../content/postLength.ts';

const TITLE_MIN = 5;
const TITLE_MAX = 200;
const CONTENT_MIN = 10;

export const threadSchema = z.object({
  // Seeded category ids are md5-derived, not RFC 4122 variants, so any well-formed UUID is accepted.
  categoryId: z.guid('Please select a category'),
  title: z.string().trim().min(TITLE_MIN, 'Title must be at least 5 characters').max(TITLE_MAX, 'Title is too long'),
  content: z
    .string()
    .trim()
    .min(CONTENT_MIN, 'Content must be at least 10 characters')
    .refine((content) => !isTooLong(content), CONTENT_TOO_LONG),
});

export type ThreadValues = z.infer<typeof threadSchema>;
