import './imports.css';
import { CheckCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import type {
  ImportField,
  ImportMapping,
  ImportPreview,
  ImportRequest,
  ImportRowError,
  ImportValues,
} from '@gym/contract/imports';
import { IMPORT_FIELDS, IMPORT_MAX_EXPANDED_BYTES, IMPORT_MAX_ROWS } from '@gym/contract/imports';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Result, Space, Statistic, Steps, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { commitImport, ImportRefusedError, MEMBER_IMPORT_PATHS, previewImport, usePresets } from './api';
import { FileStep } from './components/FileStep';
import { MappingTable } from './components/MappingTable';
import { RowErrorsTable } from './components/RowErrorsTable';
import { SampleTable } from './components/SampleTable';
import { SavePresetForm } from './components/SavePresetForm';
import { ValueMappingTable } from './components/ValueMappingTable';
import type { ChosenFile } from './file';
import { missingFields, sameChoice } from './mapping';
import { memberSampleFields, memberSampleValue } from './memberSample';
import { fieldLabel, MEMBER_IMPORT_WORDS } from './rowErrors';
import { checkErrorText, stepTitles, useImportSteps } from './steps';

interface Failure {
  /** refused: bad rows found before writing; stream: the transaction failed midway; error: the call failed. */
  kind: 'refused' | 'stream' | 'error';
  text: string;
  errors: ImportRowError[];
  errorCount: number;
}

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
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  const centers = useCenters();
  const presets = usePresets();
  const currentCenterId = useCenterId();
  const { step, goTo, headingRef } = useImportSteps();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [chosenCenterId, setChosenCenterId] = useState<string | undefined>();
  const [presetId, setPresetId] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [checkedMapping, setCheckedMapping] = useState<ImportMapping | null>(null);
  const [values, setValues] = useState<ImportValues>({});
  const [checkedValues, setCheckedValues] = useState<ImportValues | null>(null);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [result, setResult] = useState<{ imported: number; cardsAttached: number } | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const centerList = centers.data ?? [];
  const centerId =
    chosenCenterId ??
    (centerList.some((c) => c.id === currentCenterId) ? (currentCenterId ?? undefined) : centerList[0]?.id);

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
      setFailure(null);
      goTo(1);
    },
  });

  const startCheck = () => {
    const preset = presets.data?.find((p) => p.id === presetId);
    check.mutate(preset ? { mapping: preset.mapping, values: preset.values } : undefined);
  };

  const runImport = async () => {
    if (!preview || !checkedMapping || !checkedValues) return;
    setFailure(null);
    setProgress({ done: 0, total: preview.validRows });
    goTo(2);
    let finished: { imported: number; cardsAttached: number } | null = null;
    let failed: Failure | null = null;
    try {
      await commitImport(
        MEMBER_IMPORT_PATHS.commit,
        request({ mapping: checkedMapping, values: checkedValues }),
        (line) => {
          if (line.type === 'progress') setProgress({ done: line.done, total: line.total });
          else if (line.type === 'done') finished = { imported: line.imported, cardsAttached: line.cardsAttached };
          else
            failed = {
              kind: 'stream',
              text: t('imports:failed.stream'),
              errors: line.errors,
              errorCount: line.errors.length,
            };
        },
      );
      if (!finished && !failed) {
        failed = { kind: 'stream', text: t('imports:failed.stream'), errors: [], errorCount: 0 };
      }
    } catch (error) {
      failed =
        error instanceof ImportRefusedError
          ? {
              kind: 'refused',
              text: t('imports:failed.refused'),
              errors: error.refusal.rows,
              errorCount: error.refusal.errorCount,
            }
          : { kind: 'error', text: apiErrorMessage(t, error), errors: [], errorCount: 0 };
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
    setCheckedValues(null);
    setResult(null);
    setFailure(null);
    check.reset();
    goTo(0);
  };

  if (centers.isPending) return <LoadingState />;
  if (centers.isError) {
    return (
      <div className="screen" data-testid="screen-member-import">
        <Card>
          <ErrorState error={centers.error} onRetry={() => void centers.refetch()} />
        </Card>
      </div>
    );
  }

  if (centerList.length === 0) {
    return (
      <div className="screen" data-testid="screen-member-import">
        <Card>
          <EmptyState description={t('common:center.none')} />
        </Card>
      </div>
    );
  }

  const stale = preview !== null && (!sameChoice(checkedMapping, mapping) || !sameChoice(checkedValues, values));
  const missing = missingFields(mapping, REQUIRED);
  const shownErrors = failure?.errors.length ? failure.errors : (preview?.errors ?? []);
  const shownErrorCount = failure?.errors.length ? failure.errorCount : (preview?.errorCount ?? 0);
  // After any failure the file is checked again first: a call cut off midway may still have imported,
  // and the new check then shows the codes, cards or phones already taken.
  const canImport =
    preview !== null && !stale && !check.isPending && preview.errorCount === 0 && preview.validRows > 0 && !failure;

  const titles = stepTitles(t);

  return (
    <div className="screen import-screen member-import" data-testid="screen-member-import">
      <Card>
        <Steps current={step} items={titles.map((title) => ({ title }))} className="member-import__steps" />
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
                check.reset();
              }}
              centers={centerList}
              centerId={centerId}
              onCenter={setChosenCenterId}
              template={{ path: MEMBER_IMPORT_PATHS.template, fileName: 'member-import-template' }}
              lead={t('imports:file.lead')}
              centerHint={t('imports:file.centerHint')}
              maxRows={IMPORT_MAX_ROWS}
              presets={{ presets: presets.data ?? [], presetId, onPreset: setPresetId }}
            />
            {check.isError && (
              <Alert
                type="error"
                showIcon
                className="import-alert"
                title={checkErrorText(t, check.error, file?.name, MAX_EXPANDED_MB)}
                data-testid="import-check-error"
              />
            )}
            <div className="import-actions">
              <Button
                type="primary"
                size="large"
                disabled={!file || !centerId}
                loading={check.isPending}
                onClick={startCheck}
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
              <Statistic title={t('imports:preview.valid')} value={number.format(preview.validRows)} />
              <Statistic
                title={t('imports:preview.invalid')}
                value={number.format(preview.totalRows - preview.validRows)}
                data-testid="import-invalid-count"
              />
              <Statistic title={t('imports:preview.cards')} value={number.format(preview.cards)} />
              {preview.possibleDuplicates > 0 && (
                <Statistic title={t('imports:preview.duplicates')} value={number.format(preview.possibleDuplicates)} />
              )}
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
                  <Button
                    icon={<ReloadOutlined />}
                    loading={check.isPending}
                    onClick={() => check.mutate({ mapping, values })}
                  >
                    {t('imports:mapping.recheck')}
                  </Button>
                }
              />
            )}
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
            {!failure && !stale && preview.errorCount === 0 && (
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
              <p className="screen-lead">{t('imports:mapping.lead')}</p>
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
              {stale && (
                <StaleCheckAlert
                  pending={check.isPending}
                  onRecheck={() => check.mutate({ mapping, values })}
                  testId="import-recheck"
                />
              )}
              {check.isError && (
                <Alert
                  type="error"
                  showIcon
                  className="import-alert"
                  title={checkErrorText(t, check.error, file?.name, MAX_EXPANDED_MB)}
                />
              )}
              <div className="import-preset-save">
                <Typography.Text strong>{t('imports:mapping.saveTitle')}</Typography.Text>
                <Typography.Text type="secondary"> {t('imports:mapping.saveHint')}</Typography.Text>
                <SavePresetForm mapping={mapping} values={values} onSaved={(preset) => setPresetId(preset.id)} />
              </div>
            </section>

            <ValueMappingTable
              valueCounts={preview.valueCounts}
              mapping={checkedMapping ?? mapping}
              values={values}
              onChange={setValues}
              centers={centerList}
              disabled={check.isPending}
            />
            {stale && sameChoice(checkedMapping, mapping) && (
              <StaleCheckAlert
                pending={check.isPending}
                onRecheck={() => check.mutate({ mapping, values })}
                testId="import-recheck-values"
              />
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
                {importLabel(t, preview)}
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
            <p role="status" aria-live="polite">
              {progress.done > 0
                ? t('imports:progress.count', {
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
            subTitle={t('imports:summary.text', { count: result.imported })}
            data-testid="import-summary"
            extra={
              <Space wrap className="import-summary">
                <Statistic
                  title={t('imports:summary.imported')}
                  value={number.format(result.imported)}
                  data-testid="import-summary-imported"
                />
                <Statistic title={t('imports:summary.cards')} value={number.format(result.cardsAttached)} />
                <Space wrap>
                  <ButtonLink to="/student-list" type="primary" data-testid="import-to-list">
                    {t('imports:summary.toList')}
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

/** "The file was checked with other choices": a warning with the button that checks it again. */
function StaleCheckAlert({ pending, onRecheck, testId }: { pending: boolean; onRecheck: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      className="import-alert"
      title={t('imports:mapping.stale')}
      action={
        <Button icon={<ReloadOutlined />} loading={pending} onClick={onRecheck} data-testid={testId}>
          {t('imports:mapping.recheck')}
        </Button>
      }
    />
  );
}
