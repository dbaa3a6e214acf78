import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Input, type InputProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = Omit<InputProps, 'type' | 'suffix'>;

/**
 * Password field with a show/hide button that is a real, focusable button (antd's own eye icon
 * cannot be reached with the keyboard).
 */
export function PasswordInput(props: Props) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const label = visible ? t('common:password.hide') : t('common:password.show');
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <Button
          type="text"
          size="small"
          className="password-toggle"
          icon={visible ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setVisible((v) => !v)}
          aria-label={label}
          aria-pressed={visible}
          title={label}
          data-testid={props.id ? `${props.id}-toggle` : undefined}
        />
      }
    />
  );
}
