/**
 * The house's form: each label above its field and no required marks (a refusal names its field).
 * `EntityDrawer` holds one; screens, cards and dialogs with a form of their own use it directly.
 */
import { Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';

export function StackedForm<V>({
  enterSubmits = false,
  children,
  ...props
}: FormProps<V> & {
  /** Enter in a field submits though the form shows no submit button (its save is in a footer). */
  enterSubmits?: boolean;
  children: ReactNode;
}) {
  return (
    <Form<V> layout="vertical" requiredMark={false} {...props}>
      {children}
      {enterSubmits && <button type="submit" hidden aria-hidden="true" tabIndex={-1} />}
    </Form>
  );
}
