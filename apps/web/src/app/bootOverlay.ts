/** The full-screen loading overlay of index.html: shown at boot, hidden once a route has rendered. */
const OVERLAY_ID = 'loading-bg';

export function hideLoadingOverlay(): void {
  const overlay = document.getElementById(OVERLAY_ID);
  if (!overlay || overlay.classList.contains('is-hidden')) return;
  overlay.classList.add('is-hidden');
  overlay.setAttribute('aria-busy', 'false');
  // Removed after the fade so it can never catch clicks or keyboard focus.
  setTimeout(() => overlay.remove(), 250);
}
