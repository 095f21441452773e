//! The client's address for rate limits. Behind a load balancer or reverse proxy every
//! connection comes from the proxy, so when the peer is one of `TRUSTED_PROXIES` the
//! client is the right-most address of `X-Forwarded-For` that is not a trusted proxy
//! (addresses further left could be written by the client itself).

use std::net::IpAddr;
use std::str::FromStr;

use ipnet::IpNet;

/// One address or network of `TRUSTED_PROXIES` (`10.0.0.5`, `10.0.0.0/8`, `::1`, `fd00::/8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrustedNet(IpNet);

impl TrustedNet {
    pub fn contains(&self, ip: IpAddr) -> bool {
        self.0.contains(&canonical(ip))
    }
}

/// IPv4 addresses mapped into IPv6 (`::ffff:10.0.0.1`) compare as IPv4.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

impl FromStr for TrustedNet {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let net = if s.contains('/') {
            s.parse::<IpNet>().map_err(|_| {
                format!(
                    "{s:?} is not an IP network (the prefix length is 0 to 32, or 128 for IPv6)"
                )
            })?
        } else {
            IpNet::from(canonical(
                s.parse::<IpAddr>()
                    .map_err(|_| format!("{s:?} is not an IP address or network"))?,
            ))
        };
        Ok(Self(net.trunc()))
    }
}

/// Reads a comma-separated `TRUSTED_PROXIES` value.
///
/// # Errors
/// Names the first entry that is not an address or network.
pub fn parse_trusted(value: &str) -> Result<Vec<TrustedNet>, String> {
    value
        .split(',')
        .filter(|p| !p.trim().is_empty())
        .map(str::parse)
        .collect()
}

/// The client's address: the peer, or behind trusted proxies the right-most untrusted
/// address of `X-Forwarded-For` (each header line in order, comma-separated). When every
/// forwarded address is trusted, the left-most one.
pub fn of_request(req: &actix_web::HttpRequest, trusted: &[TrustedNet]) -> Option<IpAddr> {
    let forwarded: Vec<&str> = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .collect();
    client_address(req.peer_addr().map(|a| a.ip()), &forwarded, trusted)
}

/// The network a client is counted by: an IPv4 address as it is, an IPv6 address by its
/// /64 (one household or server usually holds a whole /64, so counting single IPv6
/// addresses would hand it billions of budgets).
pub fn network_of(ip: IpAddr) -> String {
    match canonical(ip) {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
    }
}

/// The key a request is counted by in rate limits and the sign-in lock: its client's
/// network ([`network_of`]), or `unknown` when the connection has no address.
pub fn counted_client(req: &actix_web::HttpRequest, trusted: &[TrustedNet]) -> String {
    of_request(req, trusted).map_or_else(|| "unknown".to_owned(), network_of)
}

pub fn client_address(
    peer: Option<IpAddr>,
    forwarded_for: &[&str],
    trusted: &[TrustedNet],
) -> Option<IpAddr> {
    let peer = canonical(peer?);
    let is_trusted = |ip: IpAddr| trusted.iter().any(|t| t.contains(ip));
    if !is_trusted(peer) {
        return Some(peer);
    }
    // From the right: each trusted hop vouches for the entry left of it. An entry that
    // does not parse ends the walk (whoever wrote it is not a proxy we know, so nothing to
    // its left can be believed) and the last address known counts.
    let mut last_known = peer;
    for entry in forwarded_for
        .iter()
        .flat_map(|line| line.split(','))
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .rev()
    {
        let Ok(ip) = entry.parse::<IpAddr>().map(canonical) else {
            return Some(last_known);
        };
        if !is_trusted(ip) {
            return Some(ip);
        }
        last_known = ip;
    }
    Some(last_known)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn nets(s: &str) -> Vec<TrustedNet> {
        parse_trusted(s).unwrap()
    }

    #[test]
    fn without_trusted_proxies_the_peer_is_the_client_whatever_the_header_says() {
        assert_eq!(
            client_address(Some(ip("203.0.113.7")), &["1.1.1.1"], &[]),
            Some(ip("203.0.113.7"))
        );
    }

    #[test]
    fn behind_a_trusted_proxy_the_forwarded_client_counts() {
        let trusted = nets("10.0.0.0/8");
        assert_eq!(
            client_address(Some(ip("10.1.2.3")), &["198.51.100.4"], &trusted),
            Some(ip("198.51.100.4"))
        );
    }

    #[test]
    fn a_forged_left_part_of_the_header_is_ignored() {
        // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the real address.
        let trusted = nets("10.0.0.0/8, 192.168.1.1");
        assert_eq!(
            client_address(
                Some(ip("10.0.0.9")),
                &["1.2.3.4, 198.51.100.4", "192.168.1.1"],
                &trusted
            ),
            Some(ip("198.51.100.4"))
        );
    }

    #[test]
    fn an_untrusted_peer_cannot_choose_its_address() {
        let trusted = nets("10.0.0.0/8");
        assert_eq!(
            client_address(Some(ip("198.51.100.4")), &["10.0.0.1"], &trusted),
            Some(ip("198.51.100.4"))
        );
    }

    #[test]
    fn a_trusted_peer_without_a_usable_header_is_itself() {
        let trusted = nets("127.0.0.1");
        assert_eq!(
            client_address(Some(ip("127.0.0.1")), &["garbage"], &trusted),
            Some(ip("127.0.0.1"))
        );
        assert_eq!(
            client_address(Some(ip("127.0.0.1")), &[], &trusted),
            Some(ip("127.0.0.1"))
        );
    }

    #[test]
    fn a_hop_that_does_not_parse_ends_the_walk() {
        // The client wrote "1.2.3.4, junk"; the trusted proxy appended 10.0.0.9.
        let trusted = nets("10.0.0.0/8");
        assert_eq!(
            client_address(Some(ip("10.0.0.1")), &["1.2.3.4, junk, 10.0.0.9"], &trusted),
            Some(ip("10.0.0.9"))
        );
        assert_eq!(
            client_address(Some(ip("10.0.0.1")), &["1.2.3.4", "junk"], &trusted),
            Some(ip("10.0.0.1"))
        );
    }

    #[test]
    fn when_every_hop_is_trusted_the_left_most_counts() {
        let trusted = nets("10.0.0.0/8");
        assert_eq!(
            client_address(Some(ip("10.0.0.1")), &["10.0.0.7, 10.0.0.8"], &trusted),
            Some(ip("10.0.0.7"))
        );
    }

    #[test]
    fn networks_match_by_prefix_on_both_families() {
        let v4: TrustedNet = "172.16.0.0/12".parse().unwrap();
        assert!(v4.contains(ip("172.31.255.255")));
        assert!(!v4.contains(ip("172.32.0.0")));
        assert!(v4.contains(ip("::ffff:172.16.0.1")), "mapped IPv4");
        let v6: TrustedNet = "fd00::/8".parse().unwrap();
        assert!(v6.contains(ip("fd12:3456::1")));
        assert!(!v6.contains(ip("fe80::1")));
        assert!(!v6.contains(ip("10.0.0.1")));
        let all: TrustedNet = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("8.8.8.8")));
        let one: TrustedNet = "::1".parse().unwrap();
        assert!(one.contains(ip("::1")));
        assert!(!one.contains(ip("::2")));
    }

    #[test]
    fn bad_entries_are_named() {
        assert!(
            parse_trusted("10.0.0.0/33")
                .unwrap_err()
                .contains("10.0.0.0/33")
        );
        assert!(
            parse_trusted("proxy.local")
                .unwrap_err()
                .contains("proxy.local")
        );
        assert!(parse_trusted("::/129").is_err());
        assert_eq!(parse_trusted(" , ").unwrap(), vec![]);
    }
}
