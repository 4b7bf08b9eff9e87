// An unexpected failure while rendering sends the admin to /Error (spec section 2).
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from './paths.js';

interface Props {
  pathname: string;
  onError: () => void;
  children: ReactNode;
}

class Boundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('Screen failed', error, info.componentStack);
    this.props.onError();
  }

  // Arriving at /Error (or anywhere else) renders again.
  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.pathname !== this.props.pathname) {
      this.setState({ failed: false });
    }
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function ErrorBoundary({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Boundary pathname={pathname} onError={() => void navigate(paths.error, { replace: true })}>
      {children}
    </Boundary>
  );
}
