// The package ships no types: what metrics.test.ts reads of its answer.
declare module 'parse-prometheus-text-format' {
  type Labels = Record<string, string> | undefined;
  interface MetricFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'SUMMARY' | 'HISTOGRAM' | 'UNTYPED';
    metrics: ({ value: string; labels?: Labels } | { buckets: Record<string, string>; count: string; sum: string; labels?: Labels })[];
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
