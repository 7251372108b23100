import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startInspectorIfAsked } from './session/inspection.ts';
import './styles/app.css';

await startInspectorIfAsked();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
