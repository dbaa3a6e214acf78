import { HomeButton, MiscScreen } from './MiscScreen';

export default function Error404Page() {
  return (
    <MiscScreen testId="screen-error-404" name="error404" code="404" actions={<HomeButton testId="link-home" />} />
  );
}
