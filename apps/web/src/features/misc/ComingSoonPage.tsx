import { HomeButton, MiscScreen } from './MiscScreen';

export default function ComingSoonPage() {
  return <MiscScreen testId="screen-coming-soon" name="comingSoon" actions={<HomeButton />} />;
}
