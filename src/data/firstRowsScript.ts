// The id of the JSON script in which a first page carries its rows (src/data/firstRows.ts), alone in its module: the
// first screen's entry asks only whether the page has one, and the reader of the rows loads with the rows' seeding.

/** The id of the JSON script that holds the rows. */
export const FIRST_ROWS_SCRIPT_ID = 'first-rows';
