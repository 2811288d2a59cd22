// The id of the JSON script the local stack writes a first page's rows into (supabase/local/web/firstPage.ts), and the
// app seeds its mirror from before its first render (src/sync/seedFirstRows.ts). Alone, so the first screen loads
// nothing else.
export const FIRST_ROWS_SCRIPT_ID = 'first-rows';
