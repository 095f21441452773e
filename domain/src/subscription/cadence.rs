//! When mail is due: digests on the site's weekday and hour in the site's time zone
//! (`SITE_TIME_ZONE`, `DIGEST_WEEKDAY`, `DIGEST_HOUR`), and one mail per story after a
//! grace period (`SUBSCRIPTION_GRACE_MINUTES`). Daylight-saving changes never skip or double a digest: each slot is a
//! local date and hour turned into one instant.

use chrono::{DateTime, Datelike, Duration, LocalResult, NaiveDate, TimeZone, Utc, Weekday};
use chrono_tz::Tz;

use super::{Frequency, Subscription};

/// How long, out of the box, a story must have been published before `each` subscribers
/// are mailed about it: a story taken down at once (a mistake, a second thought) sends
/// nothing. A site sets its own with `SUBSCRIPTION_GRACE_MINUTES`.
pub const EACH_GRACE_MINUTES: u32 = 10;

/// The longest grace period a site may set: a day.
pub const MAX_EACH_GRACE_MINUTES: u32 = 24 * 60;

/// A setting of the digest schedule that cannot be used, naming the setting.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidSchedule {
    #[error("SITE_TIME_ZONE must be a time zone name such as UTC or Europe/Berlin, not '{0}'")]
    Zone(String),
    #[error("DIGEST_WEEKDAY must be a day of the week such as Sunday, not '{0}'")]
    Weekday(String),
    #[error("DIGEST_HOUR must be a whole hour from 0 to 23, not '{0}'")]
    Hour(String),
    #[error(
        "SUBSCRIPTION_GRACE_MINUTES must be a whole number of minutes from 0 to 1440, not '{0}'"
    )]
    Grace(String),
}

/// When digests go out: weekly on `weekday` at `hour` o'clock in `zone`; monthly on the
/// first such weekday of each month, at the same hour. `each` mail waits `each_grace_minutes`
/// after a story is published.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DigestSchedule {
    zone: Tz,
    weekday: Weekday,
    hour: u32,
    each_grace_minutes: u32,
}

impl Default for DigestSchedule {
    /// Sundays at 6 in UTC; `each` mail after [`EACH_GRACE_MINUTES`].
    fn default() -> Self {
        Self {
            zone: Tz::UTC,
            weekday: Weekday::Sun,
            hour: 6,
            each_grace_minutes: EACH_GRACE_MINUTES,
        }
    }
}

impl DigestSchedule {
    /// The schedule from its three settings as written in the configuration.
    ///
    /// # Errors
    /// [`InvalidSchedule`] naming the first setting that cannot be used.
    pub fn parse(zone: &str, weekday: &str, hour: &str) -> Result<Self, InvalidSchedule> {
        let zone = zone
            .trim()
            .parse::<Tz>()
            .map_err(|_| InvalidSchedule::Zone(zone.to_owned()))?;
        let weekday = weekday
            .trim()
            .parse::<Weekday>()
            .map_err(|_| InvalidSchedule::Weekday(weekday.to_owned()))?;
        let hour = hour
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|h| *h < 24)
            .ok_or_else(|| InvalidSchedule::Hour(hour.to_owned()))?;
        Ok(Self {
            zone,
            weekday,
            hour,
            each_grace_minutes: EACH_GRACE_MINUTES,
        })
    }

    /// The same schedule with `each` mail waiting `minutes` (as written in the
    /// configuration) after a story is published.
    ///
    /// # Errors
    /// [`InvalidSchedule::Grace`] for anything but a whole number from 0 to
    /// [`MAX_EACH_GRACE_MINUTES`].
    pub fn with_each_grace(self, minutes: &str) -> Result<Self, InvalidSchedule> {
        let each_grace_minutes = minutes
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|m| *m <= MAX_EACH_GRACE_MINUTES)
            .ok_or_else(|| InvalidSchedule::Grace(minutes.to_owned()))?;
        Ok(Self {
            each_grace_minutes,
            ..self
        })
    }

    /// How long a story must have been published before `each` subscribers hear of it.
    pub fn each_grace(&self) -> Duration {
        Duration::minutes(i64::from(self.each_grace_minutes))
    }

    /// Whether `each` subscribers may be mailed now about a story published at
    /// `published_at`.
    pub fn each_is_due(&self, published_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
        now >= published_at + self.each_grace()
    }

    pub fn zone_name(&self) -> &'static str {
        self.zone.name()
    }

    pub fn weekday(&self) -> Weekday {
        self.weekday
    }

    pub fn hour(&self) -> u32 {
        self.hour
    }

    /// The latest digest time at or before `now` for `frequency`; `None` for `each`.
    pub fn last_slot(&self, frequency: Frequency, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let today = now.with_timezone(&self.zone).date_naive();
        let slot = match frequency {
            Frequency::Each => return None,
            Frequency::Weekly => {
                let back = (7 + today.weekday().num_days_from_monday()
                    - self.weekday.num_days_from_monday())
                    % 7;
                let day = today - Duration::days(i64::from(back));
                let slot = self.at(day);
                if slot <= now {
                    slot
                } else {
                    self.at(day - Duration::days(7))
                }
            }
            Frequency::Monthly => {
                let slot = self.at(self.first_in_month(today.year(), today.month()));
                if slot <= now {
                    slot
                } else {
                    let (year, month) = if today.month() == 1 {
                        (today.year() - 1, 12)
                    } else {
                        (today.year(), today.month() - 1)
                    };
                    self.at(self.first_in_month(year, month))
                }
            }
        };
        Some(slot)
    }

    /// The digest due for `subscription` at `now`: the slot its next digest covers up to
    /// (stories published after its `covered_until` and up to the slot), or `None` when
    /// no digest is due (not confirmed, `each`, or the latest slot is covered already).
    pub fn digest_due(
        &self,
        subscription: &Subscription,
        now: DateTime<Utc>,
    ) -> Option<DateTime<Utc>> {
        if !subscription.receives_mail() {
            return None;
        }
        let slot = self.last_slot(subscription.frequency, now)?;
        (subscription.covered_since() < slot).then_some(slot)
    }

    /// The first `weekday` of a month.
    fn first_in_month(&self, year: i32, month: u32) -> NaiveDate {
        let first = NaiveDate::from_ymd_opt(year, month, 1).unwrap_or(NaiveDate::MIN);
        let ahead =
            (7 + self.weekday.num_days_from_monday() - first.weekday().num_days_from_monday()) % 7;
        first + Duration::days(i64::from(ahead))
    }

    /// `day` at the schedule's hour in its zone, as one instant. An hour that occurs twice
    /// (clocks going back) is its first occurrence; an hour that does not exist (clocks
    /// going forward) is the first hour after the gap.
    fn at(&self, day: NaiveDate) -> DateTime<Utc> {
        for extra in 0..3 {
            let Some(local) = day.and_hms_opt(self.hour, 0, 0) else {
                break;
            };
            match self
                .zone
                .from_local_datetime(&(local + Duration::hours(extra)))
            {
                LocalResult::Single(t) | LocalResult::Ambiguous(t, _) => {
                    return t.with_timezone(&Utc);
                }
                LocalResult::None => {}
            }
        }
        Utc.from_utc_datetime(&day.and_hms_opt(self.hour, 0, 0).unwrap_or_default())
    }
}
