import './imports.css';
import type {
  ImportField,
  ImportMapping,
  ImportPreview,
  ImportProgressLine,
  ImportRequest,
  ImportValues,
} from '@gym/contract/imports';
import { IMPORT_FIELDS, IMPORT_MAX_EXPANDED_BYTES, IMPORT_MAX_ROWS } from '@gym/contract/imports';
import { useMutation } from '@tanstack/react-query';
import { Alert, Statistic, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../shared/intl';
import { MEMBER_IMPORT_PATHS, previewImport, usePresets } from './api';
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
  StaleCheckAlert,
} from './components/ImportSteps';
import { MappingTable } from './components/MappingTable';
import { RowErrorsTable } from './components/RowErrorsTable';
import { SampleTable } from './components/SampleTable';
import { SavePresetForm } from './components/SavePresetForm';
import { ValueMappingTable } from './components/ValueMappingTable';
import type { ChosenFile } from './file';
import { missingFields, sameChoice } from './mapping';
import { memberSampleFields, memberSampleValue } from './memberSample';
import { fieldLabel, MEMBER_IMPORT_WORDS } from './rowErrors';
import { checkErrorText, useImportSteps } from './steps';
import { useImportCenter } from './useImportCenter';
import { useImportRun } from './useImportRun';

/** Required fields of a row (a full name covers both names). */
const REQUIRED: readonly (ImportField | readonly ImportField[])[] = [
  ['firstName', 'fullName'],
  ['lastName', 'fullName'],
  'phone',
];

/** What a check sends: the columns' fields and the member values chosen for the file's values. */
interface Choice {
  mapping: ImportMapping;
  values: ImportValues;
}

type Done = Omit<Extract<ImportProgressLine, { type: 'done' }>, 'type'>;

const MAX_EXPANDED_MB = Math.round(IMPORT_MAX_EXPANDED_BYTES / 1024 / 1024);

/** What the import button will do: import N members, or which rows must be fixed first. */
function importLabel(t: TFunction, preview: ImportPreview): string {
  if (preview.errorCount === 0) return t('imports:actions.import', { count: preview.validRows });
  const bad = preview.totalRows - preview.validRows;
  if (bad === 1) return t('imports:actions.fixRow');
  return bad > 1 ? t('imports:actions.fixRows', { count: bad }) : t('imports:actions.fixFile');
}

/**
 * `/student-import`: a gym moving from its previous software brings its members in one go. Four
 * steps: the file; its columns and every bad row; the import with a real progress bar; the summary.
 */
export default function MemberImportPage() {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.resolvedLanguage ?? 'en');
  const { centers, centerList, centerId, setCenterId } = useImportCenter();
  const presets = usePresets();
  const { step, goTo, headingRef } = useImportSteps();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [presetId, setPresetId] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [checkedMapping, setCheckedMapping] = useState<ImportMapping | null>(null);
  const [values, setValues] = useState<ImportValues>({});
  const [checkedValues, setCheckedValues] = useState<ImportValues | null>(null);
  const importing = useImportRun({
    goTo,
    outcome: (line: { type: 'done' } & Done) => ({ imported: line.imported, cardsAttached: line.cardsAttached }),
    streamFailure: () => t('imports:failed.stream'),
  });
  const { failure, result } = importing;

  const request = (choice?: Choice): ImportRequest => ({
    fileName: file!.name,
    format: file!.format,
    data: file!.data,
    defaultCenterId: centerId!,
    ...(choice ? { mapping: choice.mapping, values: choice.values } : {}),
  });

  const check = useMutation({
    mutationFn: (choice?: Choice) => previewImport(request(choice)),
    onSuccess: (answer) => {
      setPreview(answer);
      setMapping(answer.mapping);
      setCheckedMapping(answer.mapping);
      setValues(answer.values);
      setCheckedValues(answer.values);
      importing.setFailure(null);
      goTo(1);
    },
  });

  const startCheck = () => {
    const preset = presets.data?.find((p) => p.id === presetId);
    check.mutate(preset ? { mapping: preset.mapping, values: preset.values } : undefined);
  };
  const recheck = () => check.mutate({ mapping, values });

  const runImport = () => {
    if (!preview || !checkedMapping || !checkedValues) return;
    void importing.run(
      MEMBER_IMPORT_PATHS.commit,
      request({ mapping: checkedMapping, values: checkedValues }),
      preview.validRows,
    );
  };

  const restart = () => {
    setFile(null);
    setPreview(null);
    setCheckedMapping(null);
    setCheckedValues(null);
    importing.clear();
    check.reset();
    goTo(0);
  };

  const stale = preview !== null && (!sameChoice(checkedMapping, mapping) || !sameChoice(checkedValues, values));
  const missing = missingFields(mapping, REQUIRED);
  const shownErrors = failure?.errors.length ? failure.errors : (preview?.errors ?? []);
  const shownErrorCount = failure?.errors.length ? failure.errorCount : (preview?.errorCount ?? 0);
  // After any failure the file is checked again first: a call cut off midway may still have imported,
  // and the new check then shows the codes, cards or phones already taken.
  const canImport =
    preview !== null && !stale && !check.isPending && preview.errorCount === 0 && preview.validRows > 0 && !failure;
  const checkError = check.isError ? checkErrorText(t, check.error, file?.name, MAX_EXPANDED_MB) : null;

  return (
    <ImportScreen
      testId="screen-member-import"
      className="member-import"
      stepsClassName="member-import__steps"
      centers={centers}
      step={step}
      headingRef={headingRef}
    >
      {step === 0 && (
        <>
          <FileStep
            file={file}
            onFile={(chosen) => {
              setFile(chosen);
              check.reset();
            }}
            centers={centerList}
            centerId={centerId}
            onCenter={setCenterId}
            template={{ path: MEMBER_IMPORT_PATHS.template, fileName: 'member-import-template' }}
            lead={t('imports:file.lead')}
            centerHint={t('imports:file.centerHint')}
            maxRows={IMPORT_MAX_ROWS}
            presets={{ presets: presets.data ?? [], presetId, onPreset: setPresetId }}
          />
          <CheckFileActions
            error={checkError}
            disabled={!file || !centerId}
            pending={check.isPending}
            onCheck={startCheck}
          />
        </>
      )}

      {step === 1 && preview && (
        <div className="import-check-step">
          <CheckStats totalRows={preview.totalRows} validRows={preview.validRows}>
            <Statistic title={t('imports:preview.cards')} value={number.format(preview.cards)} />
            {preview.possibleDuplicates > 0 && (
              <Statistic title={t('imports:preview.duplicates')} value={number.format(preview.possibleDuplicates)} />
            )}
          </CheckStats>

          {failure && <ImportFailureAlert text={failure.text} pending={check.isPending} onRecheck={recheck} />}
          {preview.possibleDuplicates > 0 && (
            <Alert
              type="info"
              showIcon
              className="import-alert"
              title={t('imports:preview.duplicatesHint', { count: preview.possibleDuplicates })}
            />
          )}
          {preview.warningCount > 0 && (
            <Alert
              type="warning"
              showIcon
              className="import-alert"
              title={t('imports:preview.guardianMissing', { count: preview.warningCount })}
              description={t('imports:preview.guardianMissingHint', {
                rows: preview.warnings
                  .slice(0, 20)
                  .map((w) => w.row)
                  .join(', '),
              })}
              data-testid="import-warnings"
            />
          )}
          {!failure && !stale && preview.errorCount === 0 && <AllGoodAlert />}

          <MappingSection lead={t('imports:mapping.lead')}>
            <MappingTable
              headers={preview.headers}
              fields={IMPORT_FIELDS}
              words={MEMBER_IMPORT_WORDS}
              mapping={mapping}
              onChange={setMapping}
              disabled={check.isPending}
            />
            {missing.length > 0 && (
              <Alert
                type="warning"
                showIcon
                className="import-alert"
                title={t('imports:mapping.missing', { fields: missing.map((f) => fieldLabel(t, f)).join(', ') })}
              />
            )}
            {stale && <StaleCheckAlert pending={check.isPending} onRecheck={recheck} testId="import-recheck" />}
            {checkError !== null && <Alert type="error" showIcon className="import-alert" title={checkError} />}
            <div className="import-preset-save">
              <Typography.Text strong>{t('imports:mapping.saveTitle')}</Typography.Text>
              <Typography.Text type="secondary"> {t('imports:mapping.saveHint')}</Typography.Text>
              <SavePresetForm mapping={mapping} values={values} onSaved={(preset) => setPresetId(preset.id)} />
            </div>
          </MappingSection>

          <ValueMappingTable
            valueCounts={preview.valueCounts}
            mapping={checkedMapping ?? mapping}
            values={values}
            onChange={setValues}
            centers={centerList}
            disabled={check.isPending}
          />
          {stale && sameChoice(checkedMapping, mapping) && (
            <StaleCheckAlert pending={check.isPending} onRecheck={recheck} testId="import-recheck-values" />
          )}

          {shownErrorCount > 0 && <RowErrorsTable errors={shownErrors} errorCount={shownErrorCount} />}
          {preview.sample.length > 0 && (
            <SampleTable
              sample={preview.sample}
              fields={memberSampleFields(checkedMapping ?? mapping)}
              label={(field) => fieldLabel(t, field)}
              show={(field, value) => memberSampleValue(t, field, String(value))}
            />
          )}

          <CheckActions
            onBack={() => goTo(0)}
            canImport={canImport}
            onImport={runImport}
            label={importLabel(t, preview)}
          />
        </div>
      )}

      {step === 2 && <ImportProgress {...importing.progress} countKey="imports:progress.count" />}

      {step === 3 && result && (
        <ImportSummary
          text={t('imports:summary.text', { count: result.imported })}
          listPath="/student-list"
          listLabel={t('imports:summary.toList')}
          onRestart={restart}
        >
          <Statistic
            title={t('imports:summary.imported')}
            value={number.format(result.imported)}
            data-testid="import-summary-imported"
          />
          <Statistic title={t('imports:summary.cards')} value={number.format(result.cardsAttached)} />
        </ImportSummary>
      )}
    </ImportScreen>
  );
}
