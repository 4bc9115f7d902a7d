// Public exports of src/distributions (filled in by its work).
export {};
