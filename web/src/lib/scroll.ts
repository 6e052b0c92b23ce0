/** Scrolls a section into view, instantly for people who asked the system for reduced motion. */
export function scrollToSection(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
}
