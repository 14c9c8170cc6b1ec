//! The online lobby's Devices view: a code to link a new device to this account, the account's devices, and
//! signing one out (a lost phone). What can be done and what the list holds is the online client's screen.

use super::theme::{accent, dim};
use giveaway_app::ApiResult;
use giveaway_online::{DeviceView, OnlineClient, OnlineScreen};
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::text::Line;
use std::time::{SystemTime, UNIX_EPOCH};

/// The view's cursor and a sign-out waiting for its yes.
#[derive(Default)]
pub struct DevicesView {
    index: usize,
    confirming: Option<i64>,
}

/// What a key did.
pub enum DevicesKey {
    /// Stay in the view (with the request's result, if one was made).
    Stay(ApiResult<()>),
    /// Back to the lobby's menu.
    Close,
}

impl DevicesView {
    /// Opens the view: the device list is asked for.
    pub fn open(client: &OnlineClient) -> (DevicesView, ApiResult<()>) {
        (DevicesView::default(), client.devices())
    }

    pub fn key(&mut self, key: KeyEvent, client: &OnlineClient, screen: &OnlineScreen) -> DevicesKey {
        let devices = &screen.devices;
        if let Some(device) = self.confirming.take() {
            return DevicesKey::Stay(match key.code {
                KeyCode::Char('y') => client.sign_out_device(device),
                _ => Ok(()),
            });
        }
        DevicesKey::Stay(match key.code {
            KeyCode::Esc | KeyCode::Char('q') => return DevicesKey::Close,
            KeyCode::Char('c') => client.create_link_code(),
            KeyCode::Up => {
                self.index = self.index.saturating_sub(1);
                Ok(())
            }
            KeyCode::Down => {
                self.index = (self.index + 1).min(devices.len().saturating_sub(1));
                Ok(())
            }
            KeyCode::Char('x') => {
                self.confirming = devices.get(self.index).map(|d| d.id);
                Ok(())
            }
            _ => Ok(()),
        })
    }

    /// The view's lines and its key help.
    pub fn lines(&self, screen: &OnlineScreen) -> (Vec<Line<'static>>, &'static str) {
        let mut lines = vec![Line::styled("Devices", accent())];
        match &screen.link_code {
            Some(c) => {
                let s = c.remaining_ms / 1000;
                lines.push(Line::styled(format!("Link code: {}", c.code), accent()));
                lines.push(Line::raw(format!(
                    "Type it on the new device instead of a nickname (l: link to my account) within {}:{:02}. It works once.",
                    s / 60,
                    s % 60
                )));
            }
            None => lines.push(Line::raw("To use this account on another device, press c for a one-time code.")),
        }
        lines.push(Line::raw(""));
        if screen.devices.is_empty() {
            lines.push(Line::styled("Asking the server for the list…", dim()));
        }
        let now_ms = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64);
        for (i, d) in screen.devices.iter().enumerate() {
            let cursor = if i == self.index.min(screen.devices.len() - 1) { "▶ " } else { "  " };
            let text = format!("{cursor}{} · last seen {}", name(d), ago(now_ms - d.last_seen_ms));
            lines.push(if d.this_device { Line::styled(text, accent()) } else { Line::raw(text) });
        }
        if let Some(d) = self.confirming.and_then(|id| screen.devices.iter().find(|d| d.id == id)) {
            let what = if d.this_device {
                "This device forgets the account (a link code from another device brings it back)."
            } else {
                "Its token stops working at once."
            };
            lines.push(Line::raw(""));
            lines.push(Line::styled(format!("Sign out {}? {what} y yes · any key no", name(d)), accent()));
        }
        (lines, "c new link code · ↑↓ choose · x sign out · Esc back")
    }
}

/// `This device`, the name a linked device gave, or `First device` for the one that made the account.
fn name(d: &DeviceView) -> String {
    match (d.this_device, d.label.is_empty()) {
        (true, true) => "This device".into(),
        (true, false) => format!("This device ({})", d.label),
        (false, true) => "First device".into(),
        (false, false) => d.label.clone(),
    }
}

/// `just now`, `5 min ago`, `3 h ago`, `12 days ago`.
fn ago(ms: i64) -> String {
    let min = ms.max(0) / 60_000;
    match min {
        0 => "just now".into(),
        1..=59 => format!("{min} min ago"),
        60..=2879 => format!("{} h ago", min / 60),
        _ => format!("{} days ago", min / 1440),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_are_named_and_dated_for_people() {
        let d = |this: bool, label: &str| DeviceView {
            id: 1,
            label: label.into(),
            created_ms: 0,
            last_seen_ms: 0,
            this_device: this,
        };
        assert_eq!(name(&d(true, "")), "This device");
        assert_eq!(name(&d(false, "")), "First device");
        assert_eq!(name(&d(false, "Pixel 8")), "Pixel 8");
        assert_eq!(ago(30_000), "just now");
        assert_eq!(ago(5 * 60_000), "5 min ago");
        assert_eq!(ago(3 * 3_600_000), "3 h ago");
        assert_eq!(ago(12 * 86_400_000), "12 days ago");
    }
}
