// The id of the JSON script the local stack writes a first page's rows into (supabase/local/firstPage.ts), for the
// app to seed its mirror from before its first render (not yet: issue 32).
export const FIRST_ROWS_SCRIPT_ID = 'first-rows';
