import { useCallback, useEffect, useRef, useState } from 'react';
import { Menu, X } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * State of a header's small-screen menu: toggled by its button, closed on a choice (the
 * caller calls `close`) and on Escape, which also returns focus to the button.
 */
export function useMobileMenu() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return { open, toggle, close, toggleRef };
}

/** The small-screen menu button of both headers; the menu itself is `menuId`. */
export function MobileMenuToggle({
  menu,
  menuId,
}: {
  menu: ReturnType<typeof useMobileMenu>;
  menuId: string;
}) {
  return (
    <Button
      ref={menu.toggleRef}
      variant="ghost"
      size="icon"
      className="md:hidden"
      aria-expanded={menu.open}
      aria-controls={menuId}
      aria-label={menu.open ? 'Close menu' : 'Open menu'}
      onClick={menu.toggle}
    >
      {menu.open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
    </Button>
  );
}
