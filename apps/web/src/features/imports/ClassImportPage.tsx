import './imports.css';
import { CheckCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  CLASS_IMPORT_FIELDS,
  CLASS_IMPORT_MAX_ROWS,
  type ClassImportMapping,
  type ClassImportPreview,
  type ClassImportProgressLine,
  type ClassImportRequest,
} from '@gym/contract/class-imports';
import { IMPORT_MAX_EXPANDED_BYTES, type ImportRowError } from '@gym/contract/imports';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Result, Space, Spin, Statistic, Steps, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';
import { numberFormat } from '../../shared/intl';
import { formatTimeOfDay } from '../../shared/timeOfDay';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { CLASS_IMPORT_PATHS, commitImport, ImportRefusedError, previewClassImport } from './api';
import {
  CLASS_IMPORT_WORDS,
  CLASS_SAMPLE_FIELDS,
  classImportLabel,
  classImportSummary,
  formatClassDay,
  importedClassesPath,
  lengthFromType,
  missingClassFields,
} from './classImport';
import { FileStep } from './components/FileStep';
import { MappingTable } from './components/MappingTable';
import { RowErrorsTable } from './components/RowErrorsTable';
import { SampleTable } from './components/SampleTable';
import type { ChosenFile } from './file';
import { sameChoice } from './mapping';
import { fieldLabel } from './rowErrors';
import { checkErrorText, stepTitles, useImportSteps } from './steps';

const MAX_EXPANDED_MB = Math.round(IMPORT_MAX_EXPANDED_BYTES / 1024 / 1024);
/** File errors in the timetable's words first (`file_empty` has no members here), then the shared ones. */
const FILE_ERROR_WORDS = ['classImport.fileErrors', 'fileErrors'] as const;

interface Failure {
  text: string;
  errors: ImportRowError[];
  errorCount: number;
}

interface Outcome {
  imported: number;
  firstDate: string;
  lastDate: string;
}

/** One check of the file: the first proposes the mapping (none sent), a later one follows the columns chosen. */
interface Check {
  mapping?: ClassImportMapping;
  /** Only the latest check's answer is shown: the columns may change again while one runs. */
  sequence: number;
}

/**
 * `/class-import`: a term's timetable from a spreadsheet. The file and the centre; every column's
 * field, the classes it would give and every bad row with its reason (checked again at each column
 * change); the import in one transaction with its progress; the summary with a link to the classes.
 */
export default function ClassImportPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const number = numberFormat(language);
  const centers = useCenters();
  const currentCenterId = useCenterId();
  const { step, goTo, headingRef } = useImportSteps();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [chosenCenterId, setChosenCenterId] = useState<string | undefined>();
  const [preview, setPreview] = useState<ClassImportPreview | null>(null);
  const [mapping, setMapping] = useState<ClassImportMapping>({});
  const [checkedMapping, setCheckedMapping] = useState<ClassImportMapping | null>(null);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [result, setResult] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const checks = useRef(0);

  const centerList = centers.data ?? [];
  const centerId =
    chosenCenterId ??
    (centerList.some((c) => c.id === currentCenterId) ? (currentCenterId ?? undefined) : centerList[0]?.id);

  const request = (chosen?: ClassImportMapping): ClassImportRequest => ({
    fileName: file!.name,
    format: file!.format,
    data: file!.data,
    defaultCenterId: centerId!,
    ...(chosen ? { mapping: chosen } : {}),
  });

  const check = useMutation({
    mutationFn: ({ mapping: chosen }: Check) => previewClassImport(request(chosen)),
    onSuccess: (answer, { mapping: chosen, sequence }) => {
      if (sequence !== checks.current) return;
      setPreview(answer);
      setCheckedMapping(answer.mapping);
      setFailure(null);
      if (chosen) return;
      // The first check: its proposed mapping becomes the one on screen, and the next step opens.
      setMapping(answer.mapping);
      goTo(1);
    },
  });
  const runCheck = (chosen?: ClassImportMapping) => {
    checks.current += 1;
    check.mutate({ ...(chosen ? { mapping: chosen } : {}), sequence: checks.current });
  };
  // Another file (or starting again): an answer still on its way is about the file before.
  const forgetChecks = () => {
    checks.current += 1;
    check.reset();
  };

  // Each change of a column checks the file again: counts, sample and errors follow the columns.
  const changeMapping = (next: ClassImportMapping) => {
    setMapping(next);
    runCheck(next);
  };

  const runImport = async () => {
    if (!preview || !checkedMapping) return;
    setFailure(null);
    setProgress({ done: 0, total: preview.validRows });
    goTo(2);
    let finished: Outcome | null = null;
    let failed: Failure | null = null;
    try {
      await commitImport<ClassImportProgressLine>(CLASS_IMPORT_PATHS.commit, request(checkedMapping), (line) => {
        if (line.type === 'progress') setProgress({ done: line.done, total: line.total });
        else if (line.type === 'done')
          finished = { imported: line.imported, firstDate: line.firstDate, lastDate: line.lastDate };
        else
          failed = {
            text: t(`imports:classImport.failed.${line.error}`, { defaultValue: t('imports:failed.stream') }),
            errors: line.errors,
            errorCount: line.errors.length,
          };
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

  const restart = () => {
    setFile(null);
    setPreview(null);
    setCheckedMapping(null);
    setResult(null);
    setFailure(null);
    forgetChecks();
    goTo(0);
  };

  if (centers.isPending) {
    return (
      <div className="screen" data-testid="screen-class-import">
        <LoadingState />
      </div>
    );
  }
  if (centers.isError || centerList.length === 0) {
    return (
      <div className="screen" data-testid="screen-class-import">
        <Card>
          {centers.isError ? (
            <ErrorState error={centers.error} onRetry={() => void centers.refetch()} />
          ) : (
            <EmptyState description={t('common:center.none')} />
          )}
        </Card>
      </div>
    );
  }

  const stale = preview !== null && !sameChoice(checkedMapping, mapping);
  const missing = missingClassFields(mapping);
  const shownErrors = failure?.errors.length ? failure.errors : (preview?.errors ?? []);
  const shownErrorCount = failure?.errors.length ? failure.errorCount : (preview?.errorCount ?? 0);
  // After a failure the file is checked again first: classes planned meanwhile show as rows to fix.
  const canImport =
    preview !== null && !stale && !check.isPending && preview.errorCount === 0 && preview.validRows > 0 && !failure;
  const mapsCentre = Object.values(checkedMapping ?? mapping).includes('centerCode');
  const titles = stepTitles(t);
  const day = (date: string | null) =>
    date ? formatClassDay(date, language) : t('imports:classImport.preview.noDate');

  return (
    <div className="screen import-screen class-import" data-testid="screen-class-import">
      <Card>
        <Steps current={step} items={titles.map((title) => ({ title }))} />
      </Card>

      <Card>
        <Typography.Title key={step} level={2} className="import-step-title" tabIndex={-1} ref={headingRef}>
          {titles[step]}
        </Typography.Title>

        {step === 0 && (
          <>
            <FileStep
              file={file}
              onFile={(chosen) => {
                setFile(chosen);
                forgetChecks();
              }}
              centers={centerList}
              centerId={centerId}
              onCenter={setChosenCenterId}
              template={{ path: CLASS_IMPORT_PATHS.template, fileName: 'timetable-import-template' }}
              lead={t('imports:classImport.file.lead')}
              centerHint={t('imports:classImport.file.centerHint')}
              maxRows={CLASS_IMPORT_MAX_ROWS}
            />
            {check.isError && (
              <Alert
                type="error"
                showIcon
                className="import-alert"
                title={checkErrorText(t, check.error, file?.name, MAX_EXPANDED_MB, FILE_ERROR_WORDS)}
                data-testid="import-check-error"
              />
            )}
            <div className="import-actions">
              <Button
                type="primary"
                size="large"
                disabled={!file || !centerId}
                loading={check.isPending}
                onClick={() => runCheck()}
                data-testid="import-check"
              >
                {check.isPending ? t('imports:file.checking') : t('imports:file.check')}
              </Button>
            </div>
          </>
        )}

        {step === 1 && preview && (
          <div className="import-check-step">
            <div className="import-stats" data-testid="import-stats">
              <Statistic title={t('imports:preview.total')} value={number.format(preview.totalRows)} />
              <Statistic
                title={t('imports:preview.valid')}
                value={number.format(preview.validRows)}
                data-testid="import-valid-count"
              />
              <Statistic
                title={t('imports:preview.invalid')}
                value={number.format(preview.totalRows - preview.validRows)}
                data-testid="import-invalid-count"
              />
              <Statistic
                title={t('imports:classImport.preview.firstDate')}
                value={day(preview.firstDate)}
                data-testid="import-first-date"
                className="import-stat-date"
              />
              <Statistic
                title={t('imports:classImport.preview.lastDate')}
                value={day(preview.lastDate)}
                data-testid="import-last-date"
                className="import-stat-date"
              />
            </div>

            {failure && (
              <Alert
                type="error"
                showIcon
                className="import-alert"
                title={t('imports:failed.title')}
                description={failure.text}
                data-testid="import-failure"
                action={
                  <Button icon={<ReloadOutlined />} loading={check.isPending} onClick={() => runCheck(mapping)}>
                    {t('imports:mapping.recheck')}
                  </Button>
                }
              />
            )}
            {!failure && !stale && preview.errorCount === 0 && preview.validRows > 0 && (
              <Alert
                type="success"
                showIcon
                className="import-alert"
                title={t('imports:preview.allGood')}
                data-testid="import-all-good"
              />
            )}

            <section aria-labelledby="import-mapping-title">
              <Typography.Title level={3} id="import-mapping-title" className="import-section-title">
                {t('imports:mapping.title')}
              </Typography.Title>
              <p className="screen-lead">{t('imports:classImport.mapping.lead')}</p>
              <MappingTable
                headers={preview.headers}
                fields={CLASS_IMPORT_FIELDS}
                words={CLASS_IMPORT_WORDS}
                mapping={mapping}
                onChange={changeMapping}
              />
              <div role="status" aria-live="polite" className="import-mapping-status">
                {check.isPending && (
                  <Space data-testid="import-rechecking">
                    <Spin size="small" />
                    {t('imports:classImport.mapping.checking')}
                  </Space>
                )}
              </div>
              {missing.length > 0 && (
                <Alert
                  type="warning"
                  showIcon
                  className="import-alert"
                  data-testid="import-missing-fields"
                  title={t('imports:classImport.mapping.missing', {
                    fields: missing.map((f) => fieldLabel(t, f, CLASS_IMPORT_WORDS)).join(', '),
                  })}
                />
              )}
              {lengthFromType(mapping) && (
                <Alert
                  type="info"
                  showIcon
                  className="import-alert"
                  title={t('imports:classImport.mapping.endOrDuration')}
                />
              )}
              {check.isError && (
                <Alert
                  type="error"
                  showIcon
                  className="import-alert"
                  data-testid="import-check-error"
                  title={checkErrorText(t, check.error, file?.name, MAX_EXPANDED_MB, FILE_ERROR_WORDS)}
                  action={
                    <Button icon={<ReloadOutlined />} onClick={() => runCheck(mapping)}>
                      {t('imports:mapping.recheck')}
                    </Button>
                  }
                />
              )}
            </section>

            {shownErrorCount > 0 && (
              <RowErrorsTable errors={shownErrors} errorCount={shownErrorCount} words={CLASS_IMPORT_WORDS} />
            )}
            {preview.sample.length > 0 && (
              <SampleTable
                sample={preview.sample}
                fields={CLASS_SAMPLE_FIELDS}
                label={(field) => fieldLabel(t, field, CLASS_IMPORT_WORDS)}
                show={(field, value) => {
                  if (field === 'date') return formatClassDay(String(value), language);
                  if (field === 'startTime' || field === 'endTime') return formatTimeOfDay(String(value), language);
                  if (field === 'mode') return t(`classes:modes.${value}`, { defaultValue: String(value) });
                  return String(value);
                }}
              />
            )}

            <div className="import-actions">
              <Button size="large" onClick={() => goTo(0)} data-testid="import-back">
                {t('imports:actions.back')}
              </Button>
              <Button
                type="primary"
                size="large"
                disabled={!canImport}
                onClick={() => void runImport()}
                data-testid="import-run"
              >
                {classImportLabel(t, preview, language)}
              </Button>
            </div>
          </div>
        )}

        {step === 2 && (
          <div className="import-progress" data-testid="import-progress">
            <p className="screen-lead">{t('imports:progress.lead')}</p>
            <Progress
              percent={progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0}
              status="active"
              aria-label={t('imports:progress.title')}
            />
            <p role="status" aria-live="polite" data-testid="import-progress-count">
              {progress.done > 0
                ? t('imports:classImport.progress.count', {
                    done: number.format(progress.done),
                    total: number.format(progress.total),
                  })
                : t('imports:progress.preparing')}
            </p>
          </div>
        )}

        {step === 3 && result && (
          <Result
            status="success"
            icon={<CheckCircleOutlined aria-hidden />}
            title={t('imports:summary.title')}
            subTitle={classImportSummary(t, result, language)}
            data-testid="import-summary"
            extra={
              <Space wrap className="import-summary">
                <Statistic
                  title={t('imports:classImport.summary.imported')}
                  value={number.format(result.imported)}
                  data-testid="import-summary-imported"
                />
                <Statistic
                  title={t('imports:classImport.preview.firstDate')}
                  value={day(result.firstDate)}
                  className="import-stat-date"
                />
                <Statistic
                  title={t('imports:classImport.preview.lastDate')}
                  value={day(result.lastDate)}
                  className="import-stat-date"
                />
                <Space wrap>
                  <ButtonLink
                    to={importedClassesPath(result, mapsCentre ? null : (centerId ?? null))}
                    type="primary"
                    data-testid="import-to-list"
                  >
                    {t('imports:classImport.summary.toList')}
                  </ButtonLink>
                  <Button onClick={restart}>{t('imports:actions.restart')}</Button>
                </Space>
              </Space>
            }
          />
        )}
      </Card>
    </div>
  );
}
