/**
 * A sale made on the way to something else (booking a class the member cannot pay for yet) comes
 * back to it: the cart carries `returnTo`, a path of this app only (never another site's address).
 */
export const RETURN_PARAM = 'returnTo';

/** `returnTo` if it is a path of this app's member screens; null otherwise (another site, a script...). */
export function safeReturnPath(value: string | null): string | null {
  if (!value?.startsWith('/apps/member/') || value.includes('//') || value.includes('\\')) return null;
  return /^[\w\-/?=,&.%]+$/.test(value) ? value : null;
}

/** The cart of a member, coming back to their class booking with these classes ticked. */
export function sellThenBookPath(memberId: string, classIds: readonly string[]): string {
  const back = `/apps/member/${memberId}/class/add/${classIds.length ? `?classes=${classIds.join(',')}` : ''}`;
  return `/apps/member/${memberId}/invoice/add/?${RETURN_PARAM}=${encodeURIComponent(back)}`;
}
