import { Component, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { queryClient } from '../lib/queryClient';
import { PageFailure } from '../lib/ui/PageFailure';

function Crashed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <PageFailure title={t('page.crashed')} hint={t('page.crashedHint')} onRetry={onRetry} />;
}

interface Props {
  /** The location's key: a navigation (even to the same page) gives the page a new try. */
  resetKey: string;
  children: ReactNode;
}

/**
 * A page that throws while it renders shows that it failed, with Retry, inside its frame: the
 * bar's Back and the tabs still work, where the whole app would otherwise go blank. An answer the
 * page could not draw stays cached, so Retry forgets the data of every page off screen (the
 * failed one's too) and draws the page again: it asks for its data afresh.
 */
export class PageBoundary extends Component<Props, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromProps(props: Props, state: { key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <Crashed
        onRetry={() => {
          queryClient.removeQueries({ type: 'inactive' });
          this.setState({ failed: false });
        }}
      />
    ) : (
      this.props.children
    );
  }
}
