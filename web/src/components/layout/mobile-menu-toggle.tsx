import { Menu, X } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The small-screen menu button of both headers; the menu itself is `menuId`. */
export function MobileMenuToggle({
  open,
  onToggle,
  menuId,
}: {
  open: boolean;
  onToggle: () => void;
  menuId: string;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="md:hidden"
      aria-expanded={open}
      aria-controls={menuId}
      aria-label={open ? 'Close menu' : 'Open menu'}
      onClick={onToggle}
    >
      {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
    </Button>
  );
}
