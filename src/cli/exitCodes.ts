/** The codes the command line's errors carry, in a module of their own so `run` need not load a command to read one. */

/** The commander error code of a validation whose points fail: exit 1, not 2. */
export const VALIDATION_FAILED = 'ibqos.validate.failed';
