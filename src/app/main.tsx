import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startDisplayAttributes } from './display-attributes';
import './styles.css';

// Theme, colours, layout and density on <html> before anything is drawn: no flash of the default.
startDisplayAttributes();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
