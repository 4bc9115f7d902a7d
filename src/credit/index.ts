// Public exports of src/credit (filled in by its work).
export {};
