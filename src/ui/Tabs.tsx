// Radix tabs in the app's look: a segmented control over its panels.
import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import styles from './Tabs.module.css';

export const Tabs = RadixTabs.Root;
export const TabPanel = RadixTabs.Content;

export function TabList(props: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={styles.list} {...props} />;
}

export function Tab(props: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={styles.trigger} {...props} />;
}
