//! The servers under test: one node, or several behind HAProxy (Debian's `haproxy`, `make ha-tools`), started
//! and stopped here. The clients connect to `addr`: the node itself, or the balancer.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How a node is started: the binary, the database, and the arguments besides `--listen` and `--node`.
pub struct NodeSpec {
    pub bin: String,
    pub database_url: String,
    pub args: Vec<String>,
}

struct Node {
    name: String,
    /// Where it listens (kept across restarts: the balancer's configuration names it).
    listen: String,
    child: Option<Child>,
}

pub struct Cluster {
    spec: NodeSpec,
    nodes: Vec<Node>,
    balancer: Option<Child>,
    dir: PathBuf,
    /// Where the clients connect.
    pub addr: String,
}

/// Starts a node; returns it and the address it says it listens on.
fn start_node(spec: &NodeSpec, listen: &str, name: &str) -> (Child, String) {
    let mut child = Command::new(&spec.bin)
        .args(["--listen", listen, "--node", name, "--database-url", &spec.database_url])
        .args(&spec.args)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server binary starts");
    let out = child.stdout.take().expect("piped");
    let mut line = String::new();
    BufReader::new(out).read_line(&mut line).expect("the server says where it listens");
    let addr = line.split_whitespace().nth(2).unwrap_or_else(|| panic!("unexpected first line: {line:?}")).to_string();
    (child, addr)
}

/// A free loopback port (bound and released: a small race, harmless on a test machine).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

/// HAProxy in HTTP mode (the WebSocket upgrade becomes a tunnel), each connection to a node drawn at random
/// (so that games are hosted by both), health-checking each node's `GET /health` every 500 ms (down after 2
/// failures, or at once when a connection to it fails), a connection refused or a 503 retried on another node
/// (after the retry delay: `timeout connect`, 500 ms).
fn haproxy_config(port: u16, nodes: &[Node]) -> String {
    let mut cfg = format!(
        "global\n  # maxconn: derived from the open-file limit\n\
         defaults\n  mode http\n  timeout connect 500ms\n  timeout client 120s\n  timeout server 120s\n  timeout tunnel 1h\n\
         \x20 option redispatch\n  retries 3\n  retry-on conn-failure empty-response 503\n\
         frontend ws\n  bind 127.0.0.1:{port}\n  default_backend nodes\n\
         backend nodes\n  balance random\n  option httpchk GET /health\n  http-check expect status 200\n\
         \x20 default-server inter 500ms fall 2 rise 2 observe layer4 error-limit 1 on-error mark-down\n"
    );
    for n in nodes {
        cfg.push_str(&format!("  server {} {} check\n", n.name, n.listen));
    }
    cfg
}

impl Cluster {
    /// One node on a free port, or `count` nodes, behind HAProxy on a free port when `balancer`.
    pub fn start(spec: NodeSpec, count: usize, balancer: bool) -> Cluster {
        let dir = std::env::temp_dir().join(format!("giveaway-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let mut nodes = Vec::new();
        for i in 1..=count.max(1) {
            let name = if count > 1 { format!("bench{i}") } else { "bench".to_string() };
            let (child, listen) = start_node(&spec, "127.0.0.1:0", &name);
            nodes.push(Node { name, listen, child: Some(child) });
        }
        let mut cluster = Cluster { spec, addr: nodes[0].listen.clone(), nodes, balancer: None, dir };
        if count > 1 && balancer {
            let port = free_port();
            let cfg = cluster.dir.join("haproxy.cfg");
            std::fs::write(&cfg, haproxy_config(port, &cluster.nodes)).expect("the balancer's configuration");
            let child = Command::new("haproxy")
                .arg("-db")
                .arg("-f")
                .arg(&cfg)
                .stdout(Stdio::null())
                .spawn()
                .expect("haproxy starts (make ha-tools installs it)");
            cluster.balancer = Some(child);
            cluster.addr = format!("127.0.0.1:{port}");
            let deadline = Instant::now() + Duration::from_secs(10);
            while std::net::TcpStream::connect(&cluster.addr).is_err() {
                assert!(Instant::now() < deadline, "haproxy does not listen on {}", cluster.addr);
                std::thread::sleep(Duration::from_millis(50));
            }
            // Both nodes seen healthy (rise 2 at 500 ms).
            std::thread::sleep(Duration::from_millis(1500));
        }
        cluster
    }

    /// Where node `i` listens.
    pub fn node_addr(&self, i: usize) -> &str {
        &self.nodes[i % self.nodes.len()].listen
    }

    /// The nodes' process ids (those running).
    pub fn pids(&self) -> Vec<u32> {
        self.nodes.iter().filter_map(|n| n.child.as_ref().map(Child::id)).collect()
    }

    /// SIGKILLs node `i`.
    pub fn kill(&mut self, i: usize) {
        if let Some(mut c) = self.nodes[i].child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// Starts node `i` again, with its name and address.
    pub fn restart(&mut self, i: usize) {
        self.kill(i);
        let n = &self.nodes[i];
        let (child, listen) = start_node(&self.spec, &n.listen, &n.name);
        assert_eq!(listen, n.listen);
        self.nodes[i].child = Some(child);
        if self.balancer.is_none() {
            self.addr = listen;
        }
    }

    /// Drains node `i` (SIGUSR1) and waits for it to exit; returns how long the drain took.
    pub fn drain(&mut self, i: usize) -> Duration {
        let t = Instant::now();
        if let Some(mut c) = self.nodes[i].child.take() {
            let _ = Command::new("kill").args(["-USR1", &c.id().to_string()]).status();
            let deadline = Instant::now() + Duration::from_secs(60);
            loop {
                if let Ok(Some(_)) = c.try_wait() {
                    break;
                }
                if Instant::now() > deadline {
                    eprintln!("node {} did not exit within 60 s of SIGUSR1: killed", self.nodes[i].name);
                    let _ = c.kill();
                    let _ = c.wait();
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        t.elapsed()
    }

    /// Stops every process started here.
    pub fn stop(&mut self) {
        for i in 0..self.nodes.len() {
            self.kill(i);
        }
        if let Some(mut b) = self.balancer.take() {
            let _ = b.kill();
            let _ = b.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        self.stop();
    }
}
