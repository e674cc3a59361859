export { ReportMenu } from './reports/report-menu.tsx';
