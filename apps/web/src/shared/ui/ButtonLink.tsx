import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

type Props = Omit<ButtonProps, 'href' | 'onClick'> & { to: string; replace?: boolean };

/** A link that looks like an antd button and navigates inside the app (a real `<a href>`). */
export function ButtonLink({ to, replace, ...rest }: Props) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to, replace ? { replace } : {});
  return (
    <Button
      {...rest}
      href={href}
      onClick={(event: MouseEvent<HTMLElement>) => handleClick(event as MouseEvent<HTMLAnchorElement>)}
    />
  );
}
