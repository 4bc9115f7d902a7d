/** Shared by the importer tests: the sample files and the typed error a malformed line must raise. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ResultsFormatError } from '../../src/index.js';
import { thrownBy } from '../helpers/errors.js';

/** test/fixtures/validate, where make_samples.py writes the sample result files. */
export const FIX = join(import.meta.dirname, '..', 'fixtures', 'validate');

/** The text of a sample file. */
export const read = (name: string): string => readFileSync(join(FIX, name), 'utf8');

/** Runs `f`, which must throw a ResultsFormatError, and returns that error. */
export const formatError = (f: () => unknown): ResultsFormatError => thrownBy(ResultsFormatError, f);
