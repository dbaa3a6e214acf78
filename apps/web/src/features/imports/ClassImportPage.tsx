import './imports.css';
import { ReloadOutlined } from '@ant-design/icons';
import {
  CLASS_IMPORT_FIELDS,
  CLASS_IMPORT_MAX_ROWS,
  type ClassImportMapping,
  type ClassImportPreview,
  type ClassImportProgressLine,
  type ClassImportRequest,
} from '@gym/contract/class-imports';
import { IMPORT_MAX_EXPANDED_BYTES } from '@gym/contract/imports';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Space, Spin, Statistic } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../shared/intl';
import { formatTimeOfDay } from '../../shared/timeOfDay';
import { CLASS_IMPORT_PATHS, previewClassImport } from './api';
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
import {
  AllGoodAlert,
  CheckActions,
  CheckFileActions,
  CheckStats,
  ImportFailureAlert,
  ImportProgress,
  ImportScreen,
  ImportSummary,
  MappingSection,
} from './components/ImportSteps';
import { MappingTable } from './components/MappingTable';
import { RowErrorsTable } from './components/RowErrorsTable';
import { SampleTable } from './components/SampleTable';
import type { ChosenFile } from './file';
import { sameChoice } from './mapping';
import { fieldLabel } from './rowErrors';
import { checkErrorText, useImportSteps } from './steps';
import { useImportCenter } from './useImportCenter';
import { useImportRun } from './useImportRun';

const MAX_EXPANDED_MB = Math.round(IMPORT_MAX_EXPANDED_BYTES / 1024 / 1024);
/** File errors in the timetable's words first (`file_empty` has no members here), then the shared ones. */
const FILE_ERROR_WORDS = ['classImport.fileErrors', 'fileErrors'] as const;

type Done = Omit<Extract<ClassImportProgressLine, { type: 'done' }>, 'type'>;

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
  const { centers, centerList, centerId, setCenterId } = useImportCenter();
  const { step, goTo, headingRef } = useImportSteps();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [preview, setPreview] = useState<ClassImportPreview | null>(null);
  const [mapping, setMapping] = useState<ClassImportMapping>({});
  const [checkedMapping, setCheckedMapping] = useState<ClassImportMapping | null>(null);
  const importing = useImportRun({
    goTo,
    outcome: (line: { type: 'done' } & Done) => ({
      imported: line.imported,
      firstDate: line.firstDate,
      lastDate: line.lastDate,
    }),
    streamFailure: (error) => t(`imports:classImport.failed.${error}`, { defaultValue: t('imports:failed.stream') }),
  });
  const { failure, result } = importing;
  const checks = useRef(0);

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
      importing.setFailure(null);
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

  const runImport = () => {
    if (!preview || !checkedMapping) return;
    void importing.run(CLASS_IMPORT_PATHS.commit, request(checkedMapping), preview.validRows);
  };

  const restart = () => {
    setFile(null);
    setPreview(null);
    setCheckedMapping(null);
    importing.clear();
    forgetChecks();
    goTo(0);
  };

  const stale = preview !== null && !sameChoice(checkedMapping, mapping);
  const missing = missingClassFields(mapping);
  const shownErrors = failure?.errors.length ? failure.errors : (preview?.errors ?? []);
  const shownErrorCount = failure?.errors.length ? failure.errorCount : (preview?.errorCount ?? 0);
  // After a failure the file is checked again first: classes planned meanwhile show as rows to fix.
  const canImport =
    preview !== null && !stale && !check.isPending && preview.errorCount === 0 && preview.validRows > 0 && !failure;
  const mapsCentre = Object.values(checkedMapping ?? mapping).includes('centerCode');
  const checkError = check.isError
    ? checkErrorText(t, check.error, file?.name, MAX_EXPANDED_MB, FILE_ERROR_WORDS)
    : null;
  const day = (date: string | null) =>
    date ? formatClassDay(date, language) : t('imports:classImport.preview.noDate');

  return (
    <ImportScreen
      testId="screen-class-import"
      className="class-import"
      centers={centers}
      loadingInScreen
      step={step}
      headingRef={headingRef}
    >
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
            onCenter={setCenterId}
            template={{ path: CLASS_IMPORT_PATHS.template, fileName: 'timetable-import-template' }}
            lead={t('imports:classImport.file.lead')}
            centerHint={t('imports:classImport.file.centerHint')}
            maxRows={CLASS_IMPORT_MAX_ROWS}
          />
          <CheckFileActions
            error={checkError}
            disabled={!file || !centerId}
            pending={check.isPending}
            onCheck={() => runCheck()}
          />
        </>
      )}

      {step === 1 && preview && (
        <div className="import-check-step">
          <CheckStats totalRows={preview.totalRows} validRows={preview.validRows}>
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
          </CheckStats>

          {failure && (
            <ImportFailureAlert text={failure.text} pending={check.isPending} onRecheck={() => runCheck(mapping)} />
          )}
          {!failure && !stale && preview.errorCount === 0 && preview.validRows > 0 && <AllGoodAlert />}

          <MappingSection lead={t('imports:classImport.mapping.lead')}>
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
            {checkError !== null && (
              <Alert
                type="error"
                showIcon
                className="import-alert"
                data-testid="import-check-error"
                title={checkError}
                action={
                  <Button icon={<ReloadOutlined />} onClick={() => runCheck(mapping)}>
                    {t('imports:mapping.recheck')}
                  </Button>
                }
              />
            )}
          </MappingSection>

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

          <CheckActions
            onBack={() => goTo(0)}
            canImport={canImport}
            onImport={runImport}
            label={classImportLabel(t, preview, language)}
          />
        </div>
      )}

      {step === 2 && <ImportProgress {...importing.progress} countKey="imports:classImport.progress.count" />}

      {step === 3 && result && (
        <ImportSummary
          text={classImportSummary(t, result, language)}
          listPath={importedClassesPath(result, mapsCentre ? null : (centerId ?? null))}
          listLabel={t('imports:classImport.summary.toList')}
          onRestart={restart}
        >
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
        </ImportSummary>
      )}
    </ImportScreen>
  );
}
