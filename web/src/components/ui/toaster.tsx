import { createPortal } from 'react-dom';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { useToast } from './use-toast';

/**
 * Mount once at the root of the app; renders whatever `toast()` last showed.
 *
 * The viewport lives in a layer of its own at the end of <body>, outside the app's #root: a
 * modal dialog (Radix) marks everything outside itself aria-hidden, #root included, so a toast
 * fired while a dialog is open (a failed save in the journal's dialogs) was shown but hidden
 * from screen readers, its Close button with it. The dialog's hider (the aria-hidden package)
 * leaves [aria-live] elements alone by design; aria-live="off" claims that without making the
 * layer a live region of its own (Radix announces each toast through its own live region). The
 * viewport's z-index (100, above the dialogs' 50) keeps it drawn on top; being a Radix dismiss
 * branch, clicks on it do not close the dialog. e2e/toast-over-dialog.e2e.test.ts checks all three.
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      {/* Rendered only in the browser (app.tsx mounts the Toaster after hydration): body exists. */}
      {createPortal(
        <div aria-live="off" data-toast-layer="">
          <ToastViewport />
        </div>,
        document.body,
      )}
    </ToastProvider>
  );
}
