//! What the app shows when a page cannot be shown, instead of a blank page. The commonest cause is
//! an upgrade: a page open from before it asks for a chunk of the old build, which the new server
//! does not have (several servers upgraded one after another do the same for a while). Then the
//! page is reloaded once, which brings the new build; any other failure, or a second one soon
//! after, gets a message with a Reload button (docs/decisions/consistency.md, "When a page cannot be shown").
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isMissingChunk, reloadForNewBuild } from './new-build';

type State = { failed: boolean; reloading: boolean };
type Props = { children: ReactNode; /** For tests: how the page is reloaded. */ reload?: () => void };

export class AppErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, reloading: isMissingChunk(error) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The page could not be shown', error, info.componentStack);
    if (isMissingChunk(error) && reloadForNewBuild(Date.now(), this.reload)) return;
    this.setState({ reloading: false });
  }

  private reload = () => (this.props.reload ?? (() => window.location.reload()))();

  render() {
    if (!this.state.failed) return this.props.children;
    // While the reload starts, nothing: the next page comes in a moment.
    if (this.state.reloading) return null;
    return (
      <main className="flex min-h-svh items-center justify-center px-4 py-24">
        <div className="max-w-md text-center">
          <h1 className="font-serif text-3xl font-semibold">This page could not be shown</h1>
          <p className="mt-3 text-muted-foreground">
            Something went wrong while loading it. Reloading the page usually helps.
          </p>
          {/* A plain button: the shared one would bring its styling code into the app's first script. */}
          <button
            type="button"
            onClick={this.reload}
            className="mt-8 rounded-md bg-primary px-5 py-2.5 text-sm font-medium text-primary-foreground"
          >
            Reload
          </button>
        </div>
      </main>
    );
  }
}
