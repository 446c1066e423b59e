import { Suspense, useState, type ComponentType } from "react";

export interface LazyDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * A screen's dialog mounted on first use, so that a React.lazy one loads only
 * then (chain dialogs bring ethers and the wallet connectors). Once opened it
 * stays mounted, so a hidden dialog keeps its form and errors.
 */
export function useLazyDialog() {
  const [state, setState] = useState({ loaded: false, open: false });
  return {
    loaded: state.loaded,
    isOpen: state.open,
    show: () => setState({ loaded: true, open: true }),
    close: () => setState((s) => ({ ...s, open: false })),
  };
}

export function LazyDialog({
  component: Component,
  dialog,
}: {
  component: ComponentType<LazyDialogProps>;
  dialog: ReturnType<typeof useLazyDialog>;
}) {
  if (!dialog.loaded) return null;
  return (
    <Suspense fallback={null}>
      <Component open={dialog.isOpen} onClose={dialog.close} />
    </Suspense>
  );
}
