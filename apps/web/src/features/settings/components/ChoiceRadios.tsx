import { Radio, type RadioGroupProps, Space } from 'antd';
import { useTranslation } from 'react-i18next';

type Props<V extends string> = Omit<RadioGroupProps, 'children' | 'options'> & {
  choices: readonly V[];
  /** Where each choice's words are (`<words>.<choice>`). */
  words: string;
  /** Each radio's test id is `<testId>-<choice>`. */
  testId: string;
};

/** One of a few rules, each a radio button on its own line (its value and onChange come from the form). */
export function ChoiceRadios<V extends string>({ choices, words, testId, ...group }: Props<V>) {
  const { t } = useTranslation();
  return (
    <Radio.Group {...group}>
      <Space direction="vertical">
        {choices.map((choice) => (
          <Radio key={choice} value={choice} data-testid={`${testId}-${choice}`}>
            {t(`${words}.${choice}`)}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}
