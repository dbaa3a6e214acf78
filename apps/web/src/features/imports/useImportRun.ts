import type { ImportRowError } from '@gym/contract/imports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { commitImport, ImportRefusedError } from './api';
import type { ImportStep } from './steps';

/** Why an import did not finish: the text, and the bad rows the server named (if any). */
export interface ImportFailure {
  text: string;
  errors: ImportRowError[];
  errorCount: number;
}

type Line<Done> =
  | { type: 'progress'; done: number; total: number }
  | ({ type: 'done' } & Done)
  | { type: 'failed'; error: string; errors: ImportRowError[] };

/**
 * The import itself (step 3): the rows written with their progress as the server streams it, then
 * the summary (step 4) or, on any failure, back to the check (step 2) with what went wrong.
 * `outcome` keeps what the summary shows of the `done` line; `streamFailure` words a `failed` line.
 */
export function useImportRun<Done extends object, Outcome>(options: {
  goTo: (step: ImportStep) => void;
  outcome: (line: { type: 'done' } & Done) => Outcome;
  streamFailure: (error: string) => string;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [result, setResult] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<ImportFailure | null>(null);

  const run = async (path: string, request: Parameters<typeof commitImport>[1], total: number) => {
    const { goTo, outcome, streamFailure } = options;
    setFailure(null);
    setProgress({ done: 0, total });
    goTo(2);
    let finished: Outcome | null = null;
    let failed: ImportFailure | null = null;
    try {
      await commitImport<Line<Done>>(path, request, (line) => {
        if (line.type === 'progress') setProgress({ done: line.done, total: line.total });
        else if (line.type === 'done') finished = outcome(line);
        else failed = { text: streamFailure(line.error), errors: line.errors, errorCount: line.errors.length };
      });
      if (!finished && !failed) failed = { text: t('imports:failed.stream'), errors: [], errorCount: 0 };
    } catch (error) {
      failed =
        error instanceof ImportRefusedError
          ? { text: t('imports:failed.refused'), errors: error.refusal.rows, errorCount: error.refusal.errorCount }
          : { text: apiErrorMessage(t, error), errors: [], errorCount: 0 };
    }
    if (finished) {
      setResult(finished);
      goTo(3);
    } else {
      setFailure(failed);
      goTo(1);
    }
  };

  const clear = () => {
    setResult(null);
    setFailure(null);
  };

  return { progress, result, failure, setFailure, run, clear };
}
