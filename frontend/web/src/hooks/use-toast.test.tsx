import { act, render, screen } from '@testing-library/react';
import { Toaster } from '@/components/ui/toaster';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD } from '@/components/ui/toast';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, reducer, toast, type ToasterToast } from './use-toast';

describe('toast queue', () => {
  it('uses the documented settings', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
    expect(TOAST_HOTKEY).toEqual(['F8']);
  });

  it('keeps only the newest toast', () => {
    const first: ToasterToast = { id: 'a', title: 'First' };
    const second: ToasterToast = { id: 'b', title: 'Second' };
    const state = reducer(reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: first }), {
      type: 'ADD_TOAST',
      toast: second,
    });
    expect(state.toasts).toEqual([second]);
  });

  it('shows one toast at a time on screen', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Story published successfully' });
      toast({ title: 'Link copied', description: 'Story link copied to clipboard' });
    });
    expect(screen.queryByText('Story published successfully')).not.toBeInTheDocument();
    expect(screen.getByText('Link copied', { selector: 'div' })).toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('shows toasts at the top, below the header, where they cannot cover a modal footer', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Validation Error', variant: 'destructive' });
    });
    const viewport = screen.getByRole('region', { name: /Notifications/ }).querySelector('ol');
    expect(viewport).toHaveClass('fixed', 'top-16', 'right-0', 'md:max-w-[420px]');
    expect(viewport).toHaveAttribute('data-placement', 'top');
    expect(viewport?.className).not.toMatch(/(^|\s)bottom-/);
  });

  it('moves the toasts to the bottom while they would lie over the focused control', async () => {
    const rect = (top: number, height: number, left = 0, width = 1280) =>
      ({ top, bottom: top + height, left, right: left + width, width, height, x: left, y: top }) as DOMRect;
    render(
      <>
        <button type="button">Create Story</button>
        <Toaster />
      </>,
    );
    const button = screen.getByRole('button', { name: 'Create Story' });
    button.getBoundingClientRect = () => rect(100, 40, 1100, 150);
    act(() => {
      toast({ title: 'Story sent for review' });
    });
    const viewport = screen.getByRole('region', { name: /Notifications/ }).querySelector('ol')!;
    viewport.getBoundingClientRect = () => rect(64, 100, 860, 420);
    act(() => button.focus());
    await vi.waitFor(() => expect(viewport).toHaveAttribute('data-placement', 'bottom'));
    button.getBoundingClientRect = () => rect(400, 40, 100, 150);
    act(() => button.blur());
    act(() => button.focus());
    await vi.waitFor(() => expect(viewport).toHaveAttribute('data-placement', 'top'));
  });

  it('closes a dismissed toast and keeps it in the store until the removal delay', () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      let handle: ReturnType<typeof toast> | undefined;
      act(() => {
        handle = toast({ title: 'Comment submitted' });
      });
      act(() => handle?.dismiss());
      act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByText('Comment submitted')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
