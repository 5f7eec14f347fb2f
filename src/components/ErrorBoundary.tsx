// Catches render errors anywhere below it and shows the fallback screen instead of a blank page.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import ErrorFallback from '../pages/ErrorFallback';

interface ErrorBoundaryState {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  private reset = () => this.setState({ error: null });

  render() {
    if (this.state.error) return <ErrorFallback error={this.state.error} onReset={this.reset} />;
    return this.props.children;
  }
}
