// Text that may not be JSON (cut short, written by hand, a server's free-form details): its value, or null.
export function jsonOrNull(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
