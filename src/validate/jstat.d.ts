// jstat ships no types; only the Student-t quantile is used (src/validate/importSca.ts).
declare module 'jstat' {
  const jstat: unknown;
  export default jstat;
}
