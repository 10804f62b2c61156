// Browser-safe surface of the orders feature for islands: statuses, labels and tracking stages.
export * from './model/public';
