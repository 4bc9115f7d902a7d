import type { Command } from 'commander';

/** Registers `ibqos credit` (filled in by the credit-chain work). */
export function registerCredit(program: Command): void {
  program.command('credit').description('credit-based flow-control tandem chain (not yet built)');
}
