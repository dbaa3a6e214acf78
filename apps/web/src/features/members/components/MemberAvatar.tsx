import { Avatar } from 'antd';
import { InitialsAvatar } from '../../../shared/ui/InitialsAvatar';
import { initialsOf } from '../format';

interface Props {
  member: { firstName: string; lastName: string; chineseName?: string | null };
  photo?: string | null;
  size?: number;
}

/** The member's photo, or their initials on a dark colour drawn from the name (same name, same colour; white text stays readable). */
export function MemberAvatar({ member, photo, size = 36 }: Props) {
  const seed = [...`${member.firstName}${member.lastName}`].reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) % 360, 7);
  return photo ? (
    <Avatar src={photo} size={size} alt="" />
  ) : (
    <InitialsAvatar text={initialsOf(member)} size={size} background={`hsl(${seed} 50% 30%)`} />
  );
}
