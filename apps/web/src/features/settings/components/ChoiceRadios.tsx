import { Radio, type RadioGroupProps, Space } from 'antd';

type Props<V extends string> = Omit<RadioGroupProps, 'children' | 'options'> & {
  choices: readonly V[];
  label: (choice: V) => string;
  testId: (choice: V) => string;
};

/** One of a few rules, each a radio button on its own line (its value and onChange come from the form). */
export function ChoiceRadios<V extends string>({ choices, label, testId, ...group }: Props<V>) {
  return (
    <Radio.Group {...group}>
      <Space direction="vertical">
        {choices.map((choice) => (
          <Radio key={choice} value={choice} data-testid={testId(choice)}>
            {label(choice)}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}
