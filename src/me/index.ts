// Public exports of src/me (filled in by its work).
export {};
