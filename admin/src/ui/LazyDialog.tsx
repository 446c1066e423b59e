import { Suspense, useState, type ComponentType, type LazyExoticComponent } from "react";

export interface LazyDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * A screen's dialog whose code loads on first use (React.lazy: chain dialogs
 * bring ethers and the wallet connectors). Once opened it stays mounted, so
 * a hidden dialog keeps its form and errors.
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
  component: LazyExoticComponent<ComponentType<LazyDialogProps>>;
  dialog: ReturnType<typeof useLazyDialog>;
}) {
  if (!dialog.loaded) return null;
  return (
    <Suspense fallback={null}>
      <Component open={dialog.isOpen} onClose={dialog.close} />
    </Suspense>
  );
}
