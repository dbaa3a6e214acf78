/**
 * A group's name with its colour as a swatch beside it: groups take any colour staff pick, and
 * text on a light colour would be unreadable.
 */
export function GroupLabel({ name, color }: { name: string; color: string }) {
  return (
    <span className="group-label">
      <span className="group-label__swatch" style={{ backgroundColor: color }} aria-hidden />
      {name}
    </span>
  );
}
